# ZUGFeRD/Factur-X PDFs are read with qpdf (Debian libqpdf-dev); only the e-invoice extractor includes it.
# E-invoice XML is read with pugixml (Debian libpugixml-dev): eight times faster than expat on the corpus,
# which was two thirds of a CII validation; XmlDocument.cpp adds the well-formedness and namespace checks
# pugixml leaves out, and only that file includes it. Sanctions lists arrive gzip-compressed (core/Inflate).
# Names in other scripts are romanised with ICU's transforms (Debian libicu-dev); only the sanctions
# ScriptTransliterator includes it.
pkg_check_modules(QPDF REQUIRED IMPORTED_TARGET libqpdf)
pkg_check_modules(ICU REQUIRED IMPORTED_TARGET icu-uc icu-i18n)
find_package(pugixml REQUIRED)
target_link_libraries(ades_area_eu PRIVATE PkgConfig::QPDF PkgConfig::ICU pugixml::pugixml)
# qpdf 11 warns about its PointerHolder unless told that only std::shared_ptr is used (qpdf/PointerHolder.hh);
# the e-invoice headers that derive from qpdf's Pipeline need it wherever they are included, tests too.
target_compile_definitions(ades_area_eu PUBLIC POINTERHOLDER_TRANSITION=4)
# The clang of the sanitizer and fuzz builds (Debian 12's clang 14) cannot compile qpdf's JSON.hh in C++20;
# see einvoice/QpdfJsonForClang.h. PUBLIC: the tests that include qpdf need it too.
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 16)
    target_compile_options(ades_area_eu PUBLIC -include ${CMAKE_CURRENT_LIST_DIR}/einvoice/QpdfJsonForClang.h)
endif()
