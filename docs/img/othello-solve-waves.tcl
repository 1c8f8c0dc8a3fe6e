set sigs [list TOP.clock TOP.uart_rx TOP.uart_tx TOP.top.solvers\$0\$start TOP.top.solvers\$0\$busy TOP.top.solvers\$0.state\$q\[2:0\] TOP.top.solvers\$0.sp\$q\[6:0\] TOP.top.solvers\$0.alpha\$q\[7:0\] TOP.top.solvers\$0.beta\$q\[7:0\] TOP.top.solvers\$0\$nodes_lo\[31:0\]]
gtkwave::addSignalsFromList $sigs
gtkwave::setZoomRangeTimes 121690 121850
gtkwave::/Edit/Data_Format/Decimal
