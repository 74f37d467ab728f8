# gnuplot -e "datafile='BouncingBallED.dat'; pngfile='BouncingBallED.png'" BouncingBallED.gp
if (!exists("datafile")) datafile = 'BouncingBallED.dat'
if (!exists("pngfile")) pngfile = 'BouncingBallED.png'
set terminal pngcairo size 900,900
set output pngfile
set multiplot layout 3,1 title "BouncingBallED (event-driven, LsodarOSI)"
set xlabel "t"
set ylabel "height q0"
plot datafile using 1:2 with lines title "q0"
set ylabel "velocity v0"
plot datafile using 1:3 with lines title "v0"
set ylabel "impulse of each impact"
plot datafile using 1:4 with impulses title "p(1)_0"
unset multiplot
