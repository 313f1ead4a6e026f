package bench

// rdpid returns the number of the CPU the calling thread runs on, by the
// RDPID instruction; call it only where hasRDPID is true. It is a hint: the
// thread may move at once.
func rdpid() int

// cpuid executes CPUID with EAX=leaf and ECX=sub.
func cpuid(leaf, sub uint32) (a, b, c, d uint32)

// hasRDPID reports whether the CPU has RDPID (CPUID leaf 7, ECX bit 22);
// Linux writes every CPU's number into the register it reads.
var hasRDPID = func() bool {
	if top, _, _, _ := cpuid(0, 0); top < 7 {
		return false
	}
	_, _, c, _ := cpuid(7, 0)
	return c&(1<<22) != 0
}()
