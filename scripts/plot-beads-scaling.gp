# Scaling plot of the ColumnOfBeads benchmark (docs/examples.md, "Scaling"):
#   build/…/moreau_bench_column_of_beads … | awk '/^ +[0-9]+ +[0-9]+/ {print $1, $5, $6}' > scaling.dat
#   gnuplot -e "datafile='scaling.dat'; pngfile='ColumnOfBeads_scaling.png'" scripts/plot-beads-scaling.gp
# Columns of datafile: N, µs per step, µs per bead per step.
if (!exists("datafile")) datafile = 'scaling.dat'
if (!exists("pngfile")) pngfile = 'ColumnOfBeads_scaling.png'
set terminal pngcairo size 900,600
set output pngfile
set title "ColumnOfBeads: wall time per step against N (pivot, T = 2, h = 5e-4)"
set logscale xy
set xlabel "number of beads N"
set ylabel "time per step (µs)"
set y2label "time per bead per step (µs)"
set y2tics
set ytics nomirror
set key top left
plot datafile using 1:2 with linespoints title "µs/step", \
     datafile using 1:3 axes x1y2 with linespoints title "µs/bead/step (right axis)"
