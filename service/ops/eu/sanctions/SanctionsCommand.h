#pragma once

#include <QString>
#include <QStringList>

namespace ades {
struct AreaServices;
}

namespace ades::eu {

class SanctionsLists;

// `ades sanctions import FILE... | screen [NAME] | update`: the operator's hands on the kept lists.
class SanctionsCommand
{
public:
    static QString usage();
    // Returns the exit code: 0 done, 1 failed, 2 wrong usage. `update` runs the event loop until the three
    // downloads are done.
    static int run(const QStringList &arguments, const AreaServices &services, SanctionsLists &lists);
};

} // namespace ades::eu
