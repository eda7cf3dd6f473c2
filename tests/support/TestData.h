#pragma once

#include <QJsonArray>
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

// The JSON array in ../shared/data/<relativePath> ("vat/vectors.json"); empty when the file is absent or
// holds no array (tests assert a minimum size, so a moved or truncated file fails rather than passes).
QJsonArray sharedJsonArray(const QString &relativePath);

} // namespace ades::test
