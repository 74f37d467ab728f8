# Precession, nutation and invariants of the spinning top (SpinningTop).
#   gnuplot -e "datafile='SpinningTop.dat'; pngfile='SpinningTop.png'" SpinningTop.gp
if (!exists("datafile")) datafile = 'SpinningTop.dat'
if (!exists("pngfile")) pngfile = 'SpinningTop.png'
set terminal pngcairo size 900,900
set output pngfile
set multiplot layout 3,1
set xlabel 't (s)'
set grid
set key top left
set xrange [0:*]
set autoscale xfixmax
# Columns: 1 t, 2-4 G, 5-8 quaternion, 9-11 v_G, 12-14 Ω, 15 E, 16 L_z (tip), 17 nutation θ,
# 18 precession φ, 19 λ_N, 20 |λ_T|, 21-22 tip x, y, 23 Newton iterations.
set ylabel 'precession angle φ (rad)'
plot datafile using 1:18 with lines lw 2 title 'φ (azimuth of the axis, unwrapped)'
set ylabel 'nutation angle θ (rad)'
set key bottom left
plot datafile using 1:17 with lines lw 2 title 'θ (tilt of the axis)'
stats datafile using 15 every ::0::0 nooutput
E0 = STATS_min
stats datafile using 16 every ::0::0 nooutput
L0 = STATS_min
set ylabel 'relative drift'
set format y '%.1e'
set key top left
plot datafile using 1:(($15 - E0) / abs(E0)) with lines lw 2 title 'energy (E − E(0)) / |E(0)|', \
     datafile using 1:(($16 - L0) / abs(L0)) with lines lw 2 dt 2 title 'L_z about the tip'
unset multiplot
