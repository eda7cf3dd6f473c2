#include "RunningService.h"

#include <QSignalSpy>

using namespace Qt::StringLiterals;

namespace ades::test {

bool RunningService::start(const QHash<QString, QString> &settings)
{
    // One access log line per request would bury the tests' own messages; a test that wants it says so.
    QHash<QString, QString> values = settings;
    if (!values.contains(u"http/access_log"_s))
        values.insert(u"http/access_log"_s, u"false"_s);
    context = ServiceContext::createForTests(dir.path(), values);
    host = std::make_unique<ServiceHost>(*context);
    QSignalSpy started(host.get(), &ServiceHost::started);
    host->start(QHostAddress::LocalHost, 0);
    if (!started.wait(5000))
        return false;
    client = std::make_unique<HttpTestClient>(host->port());
    return true;
}

} // namespace ades::test
