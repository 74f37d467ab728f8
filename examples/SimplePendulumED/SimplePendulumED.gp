# gnuplot -e "datafile='SimplePendulumED.dat'; pngfile='SimplePendulumED.png'" SimplePendulumED.gp
if (!exists("datafile")) datafile = 'SimplePendulumED.dat'
if (!exists("pngfile")) pngfile = 'SimplePendulumED.png'
set terminal pngcairo size 900,900
set output pngfile
set multiplot layout 3,1 title "SimplePendulumED (rope pendulum, event-driven, LsodarOSI)"
set xlabel "t"
# rows never written (the tutorial's matrix is not resized) are all zero: t = 0 after row 0
T(t) = (t > 0 ? t : 1/0)
set ylabel "position"
plot datafile using (T($1)):2 with lines title "x", datafile using (T($1)):3 with lines title "y (down)"
set ylabel "rope tension lambda(2)"
plot datafile using (T($1)):10 with lines title "lambda(2)"
set ylabel "energy - E0"
plot datafile using (T($1)):(0.5*($4**2 + $5**2) - 9.81*$3 + 9.81*0.5) with lines title "E - E0"
unset multiplot
