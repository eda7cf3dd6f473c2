#pragma once

#include <QString>
#include <QStringList>

namespace ades::eu {

// `ades einvoice validate FILE...`: one JSON line per file; exit 0 all valid, 1 some invalid, 2 unusable.
// Runs without settings, store or event loop, so a cold start stays within tens of milliseconds.
class EinvoiceCommand
{
public:
    static QString usage();
    static int run(const QStringList &arguments);
};

} // namespace ades::eu
