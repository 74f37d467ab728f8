# Position and velocity of the block along the plane, simulated (points) and exact (lines),
# with the tangential impulse against the Coulomb bound (bottom).
#   gnuplot -e "datafile='SlidingBlock.dat'; pngfile='SlidingBlock.png'" SlidingBlock.gp
if (!exists("datafile")) datafile = 'SlidingBlock.dat'
if (!exists("pngfile")) pngfile = 'SlidingBlock.png'
set terminal pngcairo size 900,800
set output pngfile
set multiplot layout 3,1
set xlabel 't (s)'
set grid
# Columns: 1 t, 2 n, 3 s, 4 v_n, 5 v_s, 6 λ_n, 7 λ_s, 8 s exact, 9 v_s exact.
set ylabel 's (m)'
set key bottom right
plot datafile using 1:3 every 20 with points pt 7 ps 0.6 title 'Moreau-Jean', \
     datafile using 1:8 with lines lw 2 title 'exact'
set ylabel 'v_s (m/s)'
set key top right
plot datafile using 1:5 every 20 with points pt 7 ps 0.6 title 'Moreau-Jean', \
     datafile using 1:9 with lines lw 2 title 'exact'
set ylabel 'impulse per step (N s)'
set key center right
plot datafile using 1:(-$7) with lines title '-λ_s (friction)', \
     datafile using 1:6 with lines title 'λ_n'
unset multiplot
