# First3DScene (tutorial docs/tutorial-first-3d-scene.md): heights of the box and the spheres,
# number of contacts and kinetic energy.
#   gnuplot -e "datafile='First3DScene.dat'; pngfile='First3DScene.png'" First3DScene.gp
# Columns: 1 t, 2 z box, 3-5 z spheres 1-3, 6 contacts, 7 kinetic energy, 8 solver iterations.
if (!exists("datafile")) datafile = 'First3DScene.dat'
if (!exists("pngfile")) pngfile = 'First3DScene.png'
set terminal pngcairo size 900,800
set output pngfile
set multiplot layout 2,1
set grid
set xlabel 't (s)'
set ylabel 'height of the centre (m)'
plot datafile using 1:2 with lines lw 2 title 'box (rests at a_z = 0.1)', \
     datafile using 1:3 with lines lw 2 title 'sphere 1 (lands on the box: 0.3)', \
     datafile using 1:4 with lines lw 2 title 'sphere 2', \
     datafile using 1:5 with lines lw 2 title 'sphere 3'
set ylabel 'contacts'
set y2label 'kinetic energy (J)'
set y2tics
set logscale y2
plot datafile using 1:6 with steps lw 2 title 'contacts', \
     datafile using 1:($7 > 1e-16 ? $7 : 1e-16) axes x1y2 with lines lw 2 title 'kinetic energy'
unset multiplot
