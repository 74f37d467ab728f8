# Plot of an ImpactingBar result file: the displacement of the contact node q_0 (column 2), of
# the middle node q_50 (column 10) and of the free end q_99 (column 8); the contact impulse
# λ(1)_0 (column 5); and the elastic and kinetic energies ½qᵀKq, ½vᵀMv (columns 6 and 7).
#
#   gnuplot -e "datafile='ImpactingBar.dat'; pngfile='ImpactingBar.png'" ImpactingBar.gp
#
# Both variables are optional (defaults: ImpactingBar.dat, ImpactingBar.png).
if (!exists("datafile")) datafile = 'ImpactingBar.dat'
if (!exists("pngfile")) pngfile = 'ImpactingBar.png'

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
  set terminal pngcairo size 1200,900 enhanced font ",11"
} else {
  set terminal png size 1200,900
}
set output pngfile

set multiplot layout 3,1 title "ImpactingBar (Moreau-Jean {/Symbol q} = 0.5, {/Symbol g} = 0, LCP, e = 0)"
set grid
set xlabel "time t [s]"
set ylabel "displacement [m]"
plot datafile using 1:2 with lines lw 1.5 title "q_0 (contact node)", \
     datafile using 1:10 with lines lw 1 title "q_{50}", \
     datafile using 1:8 with lines lw 1 title "q_{99} (free end)"
set ylabel "impulse [N s]"
plot datafile using 1:5 with impulses lw 1 title "{/Symbol l}(1)_0"
set ylabel "energy [J]"
plot datafile using 1:(0.5*$6) with lines lw 1.5 title "elastic ½q^TKq", \
     datafile using 1:(0.5*$7) with lines lw 1.5 title "kinetic ½v^TMv", \
     datafile using 1:(0.5*($6+$7)) with lines lw 1 dt 2 title "total"
unset multiplot
set output
