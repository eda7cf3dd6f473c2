#include "MetricsSettings.h"

using namespace Qt::StringLiterals;

namespace ades::MetricsSettings {

QString accessProblem(const QString &value)
{
    if (value == u"local"_s || value == u"open"_s || value == u"off"_s)
        return {};
    return u"\"%1\" is not one of local, open, off"_s.arg(value.left(20));
}

SettingSpecs all()
{
    return { Access.spec, Token.spec };
}

} // namespace ades::MetricsSettings
