#pragma once

#include <QString>

namespace ades::test {

// ../shared/data beside the checkout; empty when absent (tests then QSKIP with a message).
QString sharedDataDir();
// Skips the calling test function when ../shared/data is absent.
#define ADES_REQUIRE_SHARED_DATA()                                                                           \
    do {                                                                                                     \
        if (ades::test::sharedDataDir().isEmpty())                                                           \
            QSKIP("../shared/data is absent: shared corpus tests skipped");                                  \
    } while (false)

QString sourceDir();

} // namespace ades::test
