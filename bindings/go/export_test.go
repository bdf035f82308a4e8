package flexio

// What the tests read of the package's insides.

// ContextState tells how many processes a device's rdma-core context still serves and whether
// it is closed: the state the cleanups of a dropped Device and its processes share.
func ContextState(d *Device) func() (processes int, closed bool) {
	c := d.context // not d: the Device must be able to become unreachable
	return func() (int, bool) {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.processes, c.ctx == nil
	}
}
