# Mastodon statuses arrive as HTML: gumbo (Debian libgumbo-dev), a parser of the WHATWG algorithm, turns
# them into text in social/HtmlText.cpp, the only file that includes it.
pkg_check_modules(GUMBO REQUIRED IMPORTED_TARGET gumbo)
target_link_libraries(ades_area_market PRIVATE PkgConfig::GUMBO)
