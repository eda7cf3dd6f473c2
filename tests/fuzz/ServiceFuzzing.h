#pragma once

// The real catalog for fuzz targets that decode requests the way the service does: every area's operations,
// exposures and bundled schemas, built once per process by ServiceContext over a temporary data folder (no
// network, no recurring work). Header-only because each fuzz target is one executable of its own.

#include "host/ServiceContext.h"

#include <QCoreApplication>
#include <QTemporaryDir>
#include <memory>

namespace ades::fuzzing {

inline const ServiceContext &service()
{
    struct Service
    {
        int argc = 1;
        char name[5] = "fuzz";
        char *argv[2] = { name, nullptr };
        QCoreApplication app { argc, argv };
        QTemporaryDir dir;
        std::unique_ptr<ServiceContext> context = ServiceContext::createForTests(dir.path(), {});
    };
    static const Service instance;
    return *instance.context;
}

} // namespace ades::fuzzing
