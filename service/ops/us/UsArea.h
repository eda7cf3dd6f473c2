#pragma once

#include "UsServices.h"
#include "area/Area.h"

namespace ades::us {

// US import readiness (docs/us-import.md): the free check, the paid dossier over the USITC tariff schedule
// and the CPSC recall service, and the recovery of a settled dossier. Owns the jobs keeper and the upstream
// clients its operations share.
class UsArea : public Area
{
public:
    UsArea();
    ~UsArea() override;

    QString name() const override;
    QList<UpstreamSource> sources() const override;
    void registerOperations(Catalog &catalog, const AreaContext &context) override;

private:
    UsServices m_services;
};

} // namespace ades::us
