# Removes from a doxygen man3 directory (-DMAN_DIR=...) the pages that must not be installed:
#  - the device libc's (libflexio-libc: stdio.h, string.h, inttypes.h): their functions and
#    macros are the C library's names (printf, memcpy, FILE, PRId64, ...), whose system pages an
#    installed copy would shadow; the HTML reference documents them;
#  - anonymous structs and unions ("@N"), which doxygen makes a page of each.
# A member's page is a link (".so man3/<header page>") to the page of the header declaring it.
file(GLOB pages "${MAN_DIR}/*.3*")
foreach(page IN LISTS pages)
  get_filename_component(name "${page}" NAME)
  if(name MATCHES "^@[0-9]+\\.3" OR name MATCHES "^(stdio|string|inttypes)\\.h\\.3")
    file(REMOVE "${page}")
    continue()
  endif()
  file(READ "${page}" head LIMIT 64)
  if(head MATCHES "^\\.so man3/(stdio|string|inttypes)\\.h\\.3")
    file(REMOVE "${page}")
  endif()
endforeach()
