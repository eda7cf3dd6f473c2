#pragma once

#include <QHostAddress>
#include <QList>
#include <QString>
#include <functional>

namespace ades::web {

// One name lookup. The fetcher asks exactly once per host and connects only to an address of that answer,
// so a name that answers differently the second time (DNS rebinding) has no second time.
class HostResolver
{
public:
    enum class Failure
    {
        None,
        NotFound, // the name does not exist
        Unavailable, // the resolver could not answer (network, timeout)
    };
    // Called once, on the thread that called resolve().
    using Done = std::function<void(QList<QHostAddress> addresses, Failure failure)>;

    virtual ~HostResolver() = default;
    // `host`: an ASCII (IDNA) name without a trailing dot. Must not block.
    virtual void resolve(const QString &host, Done done) = 0;
};

// The system's resolver through QHostInfo, whose getaddrinfo call runs on Qt's own lookup threads.
class SystemHostResolver : public HostResolver
{
public:
    void resolve(const QString &host, Done done) override;
};

} // namespace ades::web
