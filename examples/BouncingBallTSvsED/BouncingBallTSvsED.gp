# gnuplot -e "datafile='BouncingBallTSvsED.dat'; pngfile='BouncingBallTSvsED.png'" BouncingBallTSvsED.gp
if (!exists("datafile")) datafile = 'BouncingBallTSvsED.dat'
if (!exists("pngfile")) pngfile = 'BouncingBallTSvsED.png'
set terminal pngcairo size 900,600
set output pngfile
set title "Bouncing ball: Moreau-Jean time stepping against event-driven"
set logscale xy
set format x "%.0e"
set format y "%.0e"
set xlabel "time step h"
set ylabel "error on the output grid"
set key top left
plot datafile using 1:2 with linespoints title "max |q_{TS} - q_{ED}|", \
     datafile using 1:4 with linespoints title "mean |q_{TS} - q_{ED}|", \
     datafile using 1:3 with linespoints title "max |v_{TS} - v_{ED}|", \
     datafile using 1:(4*$1) with lines dashtype 2 title "4 h (order 1)"
