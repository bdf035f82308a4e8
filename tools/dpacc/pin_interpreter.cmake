# cmake -DIN=script.py -DOUT=tool -DPYTHON=/path/to/python3 -P pin_interpreter.cmake
# Writes the Python script IN to OUT, executable, with its "#!" line naming PYTHON: the tool then
# runs with the interpreter the build found (and checked for the modules the tool imports), not
# with whichever `python3` comes first on PATH — in an activated venv or conda environment that
# one lacks them.  Nothing else of the script changes.
file(READ ${IN} text)
string(REGEX REPLACE "^#![^\n]*" "#!${PYTHON}" text "${text}")
file(WRITE ${OUT} "${text}")
file(CHMOD ${OUT} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
