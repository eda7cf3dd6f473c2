#include "ExtractArea.h"

#include "ExtractCommand.h"
#include "ExtractLimits.h"
#include "ExtractOperation.h"

using namespace Qt::StringLiterals;

namespace ades::extract {

QString ExtractArea::name() const
{
    return u"extract"_s;
}

SettingSpecs ExtractArea::settings() const
{
    return ExtractSettings::all();
}

void ExtractArea::registerOperations(Catalog &catalog, const AreaContext &context)
{
    registerExtractOperation(catalog, context);
}

QList<AreaCommand> ExtractArea::commands() const
{
    return { AreaCommand { u"extract"_s, ExtractCommand::usage(), AreaCommand::Needs::Nothing,
        [](const QStringList &arguments, const AreaServices *) { return ExtractCommand::run(arguments); } } };
}

} // namespace ades::extract
