/*
 * A program for test_source_line: loaded, never run. Built with and without debug info; the
 * test finds the line of the marker's instruction in this file and expects the DWARF line
 * table to give it for the marker's address.
 */
void _start(void)
{
	__asm__ volatile(".globl source_line_marker\nsource_line_marker:\n\tnop");
	for (;;)
		__asm__ volatile("wfi");
}
