# gnuplot -e "datafile='RelayOscillator.dat'; pngfile='RelayOscillator.png'" RelayOscillator.gp
if (!exists("datafile")) datafile = 'RelayOscillator.dat'
if (!exists("pngfile")) pngfile = 'RelayOscillator.png'
set terminal pngcairo size 900,900
set output pngfile
set multiplot layout 3,1
set xlabel 't'
set ylabel 'state'
plot datafile using 1:2 with lines title 'x_0', datafile using 1:3 with lines title 'x_1', \
     datafile using 1:4 with lines title 'x_2'
set ylabel 'relay output'
set yrange [-1.2:1.2]
plot datafile using 1:5 with lines title 'lambda'
set autoscale y
set xlabel 'x_0'
set ylabel 'x_1'
plot datafile using 2:3 with lines title 'phase portrait (limit cycle)'
unset multiplot
