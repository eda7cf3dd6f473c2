#pragma once

#include <QString>
#include <QStringList>

namespace ades::extract {

// `ades extract FILE...`: the operation's JSON result for local files, one line each, without the service.
// Exit 0 all read, 2 some unusable.
namespace ExtractCommand {
QString usage();
int run(const QStringList &arguments);
} // namespace ExtractCommand

} // namespace ades::extract
