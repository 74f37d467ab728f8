# gnuplot -e "datafile='BouncingBall.dat'; pngfile='BouncingBall.png'" BouncingBall.gp
if (!exists("datafile")) datafile = 'BouncingBall.dat'
if (!exists("pngfile")) pngfile = 'BouncingBall.png'
set terminal pngcairo size 900,700
set output pngfile
set multiplot layout 2,1 title "BouncingBall (Moreau–Jean, e = 0.9)"
set xlabel "t (s)"
set ylabel "height q0 (m)"
plot datafile using 1:2 with lines title "q0"
set ylabel "velocity v0 (m/s)"
plot datafile using 1:3 with lines title "v0"
unset multiplot
