#pragma once

#include "area/Area.h"

namespace ades::web {

// The web reader (docs/web-reader.md): a page's main text and metadata. The extraction engine lives in
// article/ (offline, pure); `ades read FILE.html` runs it on a local file.
class WebArea : public Area
{
public:
    QString name() const override;
    SettingSpecs settings() const override;
    void registerOperations(Catalog &catalog, const AreaContext &context) override;
    QList<AreaCommand> commands() const override;
};

} // namespace ades::web
