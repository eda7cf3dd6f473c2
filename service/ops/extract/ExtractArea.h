#pragma once

#include "area/Area.h"

namespace ades::extract {

// Receipt and invoice extraction (SPEC §4.1; docs/extract.md): a photo, scan or PDF in, vendor, VAT ID,
// date, currency, total, VAT breakdown and line items out, each with a confidence, and the text read.
class ExtractArea : public Area
{
public:
    QString name() const override;
    SettingSpecs settings() const override;
    void registerOperations(Catalog &catalog, const AreaContext &context) override;
    QList<AreaCommand> commands() const override;
};

} // namespace ades::extract
