# gnuplot -e "datafile='ColumnOfBeads.dat'; pngfile='ColumnOfBeads.png'" ColumnOfBeads.gp
if (!exists("datafile")) datafile = 'ColumnOfBeads.dat'
if (!exists("pngfile")) pngfile = 'ColumnOfBeads.png'
set terminal pngcairo size 900,700
set output pngfile
set title "ColumnOfBeads (Moreau–Jean, LCP)"
set xlabel "t (s)"
set ylabel "bead heights (m)"
set key off
# columns: t, then (q_i, v_i) per bead
plot for [i=2:*:2] datafile using 1:i with lines
