# gnuplot -e "datafile='DiodeBridgeCapFilter.dat'; pngfile='DiodeBridgeCapFilter.png'" DiodeBridgeCapFilter.gp
if (!exists("datafile")) datafile = 'DiodeBridgeCapFilter.dat'
if (!exists("pngfile")) pngfile = 'DiodeBridgeCapFilter.png'
set terminal pngcairo size 900,700
set output pngfile
set multiplot layout 2,1
set xlabel 't (s)'
set ylabel 'voltage (V)'
# the filter voltage is v_f = -(column 5 + column 6)
plot datafile using 1:2 with lines title 'v_C', datafile using 1:(-($5+$6)) with lines title 'v_f (filter)'
set ylabel 'current (A)'
# the first step carries a 2.3 A charging spike (clipped here)
set yrange [-0.12:0.12]
plot datafile using 1:3 with lines title 'i_L', datafile using 1:($4+$7) with lines title 'rectified current lambda0+lambda2'
unset multiplot
