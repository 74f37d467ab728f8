# gnuplot -e "datafile='CircuitRLCD.dat'; pngfile='CircuitRLCD.png'" CircuitRLCD.gp
if (!exists("datafile")) datafile = 'CircuitRLCD.dat'
if (!exists("pngfile")) pngfile = 'CircuitRLCD.png'
set terminal pngcairo size 900,900
set output pngfile
set multiplot layout 3,1
set xlabel 't (s)'
set ylabel 'voltage (V)'
plot datafile using 1:2 with lines title 'v_C', datafile using 1:4 with lines title 'diode voltage -y'
set ylabel 'current (A)'
plot datafile using 1:3 with lines title 'i_L'
set ylabel 'diode current (A)'
plot datafile using 1:5 with lines title 'lambda'
unset multiplot
