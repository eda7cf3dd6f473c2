#pragma once

#include "area/AreaCommand.h"
#include "area/AreaDocument.h"
#include "core/SettingSpec.h"
#include "upstream/UpstreamClient.h"

#include <QJsonObject>
#include <QList>

class QObject;

namespace ades {

class Catalog;
struct AreaContext;

// One area of the service (eu, receipts, and later chain, market, web ...): everything it offers and
// everything it needs, declared in its own folder. The host drives every area through this interface and
// names none of them; adding an area is its folder plus one line in ops/AreaList.cpp.
//
// Order: settings() and sources() are read first, then registerOperations() once; warmUp() and
// startRecurring() follow when the HTTP service starts. Everything but startRecurring() may be called from
// any thread; health() and the actions may run while requests are served, so the area's state is
// thread-safe.
class Area
{
public:
    virtual ~Area() = default;

    virtual QString name() const = 0; // "eu"
    // Every setting the area reads, declared once (start-up check, `ades settings`, the console).
    virtual SettingSpecs settings() const { return {}; }
    // The upstream sources the area calls, with their official defaults (upstream/<id>/... override them).
    virtual QList<UpstreamSource> sources() const { return {}; }
    // Builds the area's state over `context` and adds its operations to the catalog.
    virtual void registerOperations(Catalog &catalog, const AreaContext &context) = 0;
    // Start-up work that must not delay the first request (building an index). Runs once, on a worker
    // thread, after the service started.
    virtual void warmUp() { }
    // Recurring work (refresh timers). Called once on the first I/O thread; parent timers to `owner`, which
    // lives there until the service stops.
    virtual void startRecurring(QObject *owner) { Q_UNUSED(owner); }
    // Members for /v1/health's details and the console: cheap, never waits for a load.
    virtual QJsonObject health() const { return {}; }
    virtual QList<AreaCommand> commands() const { return {}; }
    virtual QList<AreaAction> actions() const { return {}; }
    // Documents the discovery channel serves for the area (its models catalog, quickstart, skill file).
    virtual QList<AreaDocument> documents() const { return {}; }
};

} // namespace ades
