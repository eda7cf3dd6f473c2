#include "HostResolver.h"
#include "core/ThreadContext.h"

#include <QHostInfo>

namespace ades::web {

void SystemHostResolver::resolve(const QString &host, Done done)
{
    // The receiver context lives on the calling thread, so `done` runs back on that thread.
    QHostInfo::lookupHost(host, threadContext(), [done = std::move(done)](const QHostInfo &info) {
        switch (info.error()) {
        case QHostInfo::NoError:
            done(info.addresses(), info.addresses().isEmpty() ? Failure::NotFound : Failure::None);
            return;
        case QHostInfo::HostNotFound:
            done({}, Failure::NotFound);
            return;
        default:
            done({}, Failure::Unavailable);
            return;
        }
    });
}

} // namespace ades::web
