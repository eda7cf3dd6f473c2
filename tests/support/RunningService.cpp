#include "RunningService.h"

#include <QSignalSpy>

namespace ades::test {

bool RunningService::start(const QHash<QString, QString> &settings)
{
    context = ServiceContext::createForTests(dir.path(), settings);
    host = std::make_unique<ServiceHost>(*context);
    QSignalSpy started(host.get(), &ServiceHost::started);
    host->start(QHostAddress::LocalHost, 0);
    if (!started.wait(5000))
        return false;
    client = std::make_unique<HttpTestClient>(host->port());
    return true;
}

} // namespace ades::test
