# Images are decoded and prepared with Qt's image classes (Qt6::Gui, only in this area); TIFF and WebP,
# which Debian's Qt 6.4 reads only with qt6-image-formats-plugins, through Leptonica (libleptonica-dev, the
# image library of Tesseract, built with libtiff and libwebp). OCR with libtesseract (libtesseract-dev,
# tesseract-ocr-eng/-deu data); PDFs through poppler-cpp (libpoppler-cpp-dev); an embedded e-invoice XML
# with pugixml (libpugixml-dev).
find_package(Qt6 REQUIRED COMPONENTS Gui)
pkg_check_modules(TESSERACT REQUIRED IMPORTED_TARGET tesseract lept)
pkg_check_modules(POPPLER_CPP REQUIRED IMPORTED_TARGET poppler-cpp)
find_package(pugixml REQUIRED)
# Qt6::Gui is public: the front-end headers (ImageDecoder, OcrPreprocessor) speak QImage.
target_link_libraries(ades_area_extract PUBLIC Qt6::Gui PRIVATE PkgConfig::TESSERACT PkgConfig::POPPLER_CPP pugixml::pugixml)
