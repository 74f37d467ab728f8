# gnuplot -e "datafile='BouncingBallEDRestingContact.dat'; pngfile='BouncingBallEDRestingContact.png'" BouncingBallEDRestingContact.gp
if (!exists("datafile")) datafile = 'BouncingBallEDRestingContact.dat'
if (!exists("pngfile")) pngfile = 'BouncingBallEDRestingContact.png'
set terminal pngcairo size 900,700
set output pngfile
set multiplot layout 2,1 title "BouncingBallEDRestingContact (event-driven, e = 0)"
set xlabel "t (s)"
set ylabel "height q0 (m)"
plot datafile using 1:2 with lines title "q0"
set ylabel "p(2)_0 (contact force)"
plot datafile using 1:5 with steps title "p(2)_0"
unset multiplot
