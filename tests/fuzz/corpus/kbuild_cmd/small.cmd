savedcmd_mm/mmzone.o := gcc -Wp,-MMD,mm/.mmzone.o.d -nostdinc -I/src/include -D__KERNEL__ -O2 '-DKBUILD_MODNAME="mmzone"' -c -o mm/mmzone.o /src/mm/mmzone.c

source_mm/mmzone.o := /src/mm/mmzone.c
