# market.funding_qr (fundingqr/): QR codes are made locally with libqrencode (Debian libqrencode-dev) and
# written as PNG with zlib, so the service library stays without QtGui; the CDP key that signs onramp
# session-token requests is read and used through OpenSSL 3 in crypto/CdpSigningKey (ades_core).
pkg_check_modules(QRENCODE REQUIRED IMPORTED_TARGET libqrencode)
target_link_libraries(ades_area_market PRIVATE PkgConfig::QRENCODE ZLIB::ZLIB)
# Mastodon statuses arrive as HTML: gumbo (Debian libgumbo-dev), a parser of the WHATWG algorithm, turns
# them into text in social/HtmlText.cpp, the only file that includes it.
pkg_check_modules(GUMBO REQUIRED IMPORTED_TARGET gumbo)
target_link_libraries(ades_area_market PRIVATE PkgConfig::GUMBO)
