#pragma once

// The host and the channels are above the areas: an area reaches the service only through
// area/AreaContext.h. Area libraries are built with ADES_AREA_LIBRARY, so including one of these headers
// there stops the build (service/ops/CMakeLists.txt).
#ifdef ADES_AREA_LIBRARY
#error "An area must not include host/ or channels/ headers; use area/AreaContext.h."
#endif
