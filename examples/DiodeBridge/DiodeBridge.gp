# gnuplot -e "datafile='DiodeBridge.dat'; pngfile='DiodeBridge.png'" DiodeBridge.gp
if (!exists("datafile")) datafile = 'DiodeBridge.dat'
if (!exists("pngfile")) pngfile = 'DiodeBridge.png'
set terminal pngcairo size 900,700
set output pngfile
set multiplot layout 2,1
set xlabel 't (s)'
set ylabel 'voltage (V)'
plot datafile using 1:2 with lines title 'v_C'
set ylabel 'current (A)'
plot datafile using 1:3 with lines title 'i_L', datafile using 1:8 with lines title 'resistor current'
unset multiplot
