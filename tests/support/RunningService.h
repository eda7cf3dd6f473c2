#pragma once

#include "HttpTestClient.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"

#include <QHash>
#include <QTemporaryDir>
#include <memory>

namespace ades::test {

// One complete service for an integration test: its own data folder, context and host on an ephemeral
// loopback port, and a client for it.
struct RunningService
{
    QTemporaryDir dir;
    std::unique_ptr<ServiceContext> context;
    std::unique_ptr<ServiceHost> host;
    std::unique_ptr<HttpTestClient> client;

    // False when the host did not start within five seconds.
    bool start(const QHash<QString, QString> &settings = {});
};

} // namespace ades::test
