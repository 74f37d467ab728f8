# SpheresPile: final positions (side view x–z and top view x–y, circles of the true radius) and
# the settling history (kinetic energy, contacts).
#   gnuplot -e "datafile='SpheresPile.dat'; pngfile='SpheresPile.png'" SpheresPile.gp
# Columns of datafile: 1 t, 2 contacts, 3 solver iterations, 4 kinetic energy,
# 5 max penetration, 6 active contacts, 7 max speed. datafile.'.xyz': x y z r at T.
if (!exists("datafile")) datafile = 'SpheresPile.dat'
if (!exists("pngfile")) pngfile = 'SpheresPile.png'
posfile = datafile.'.xyz'
set terminal pngcairo size 1200,900
set output pngfile
set multiplot layout 2,2
set size ratio -1
set grid
set xlabel 'x (m)'
set ylabel 'z (m)'
set title 'final positions, side view (x-z)'
plot posfile using 1:3:4 with circles fs transparent solid 0.4 lc rgb '#1f77b4' notitle
set ylabel 'y (m)'
set title 'final positions, top view (x-y)'
plot posfile using 1:2:4 with circles fs transparent solid 0.2 lc rgb '#d62728' notitle
set size noratio
set xlabel 't (s)'
set title 'kinetic energy'
set ylabel 'E_{kin} (J)'
set logscale y
plot datafile using 1:($4 > 0 ? $4 : 1e-16) with lines lw 2 notitle
unset logscale y
set title 'contacts'
set ylabel 'number'
plot datafile using 1:2 with lines lw 2 title 'linked (within alert distance)', \
     datafile using 1:6 with lines lw 2 title 'active (in the FC problem)'
unset multiplot
