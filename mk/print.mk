# print.mk - read a variable out of Kbuild: make -f Makefile -f print.mk kwarn-print-VAR
kwarn-print-%: ; @echo '$($*)'
