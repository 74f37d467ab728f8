# gnuplot -e "datafile='BeadColumnED.dat'; pngfile='BeadColumnED.png'" BeadColumnED.gp
if (!exists("datafile")) datafile = 'BeadColumnED.dat'
if (!exists("pngfile")) pngfile = 'BeadColumnED.png'
set terminal pngcairo size 900,700
set output pngfile
set title "BeadColumnED (ten beads, event-driven, Newton law)"
set xlabel "t (s)"
set ylabel "bead heights q_i (m)"
set key outside right
plot for [i=2:11] datafile using 1:i with lines title sprintf("q%d", i-2)
