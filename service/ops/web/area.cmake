# Web pages are parsed with gumbo (Debian libgumbo-dev), a parser of the WHATWG HTML5 algorithm, so a page is
# read as a browser builds its tree; only article/HtmlDocument.cpp includes it.
pkg_check_modules(GUMBO REQUIRED IMPORTED_TARGET gumbo)
target_link_libraries(ades_area_web PRIVATE PkgConfig::GUMBO)
# Compressed bodies are inflated by core/Inflate (zlib, with a cap on the output).
