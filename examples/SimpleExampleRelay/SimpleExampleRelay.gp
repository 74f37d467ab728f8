# gnuplot -e "datafile='SimpleExampleRelay.dat'; pngfile='SimpleExampleRelay.png'" SimpleExampleRelay.gp
if (!exists("datafile")) datafile = 'SimpleExampleRelay.dat'
if (!exists("pngfile")) pngfile = 'SimpleExampleRelay.png'
set terminal pngcairo size 900,700
set output pngfile
set multiplot layout 2,1
set xlabel 't'
set ylabel 'state'
plot datafile using 1:2 with lines title 'x_0', datafile using 1:3 with lines title 'x_1'
set ylabel 'relay multiplier'
set yrange [-1.2:1.2]
plot datafile using 1:4 with lines title 'lambda_0', datafile using 1:5 with lines title 'lambda_1'
unset multiplot
