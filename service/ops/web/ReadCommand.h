#pragma once

#include <QString>
#include <QStringList>

namespace ades::web {

// `ades read FILE.html [--url URL] [--format text|markdown]`: the web reader's extraction on a local page,
// printed as the operation's JSON result (main text in `text`); exit 0 read, 2 unusable input. Runs without
// settings, store or event loop, and never fetches anything.
class ReadCommand
{
public:
    static QString usage();
    static int run(const QStringList &arguments);
};

} // namespace ades::web
