#pragma once

#include <QCoreApplication>
#include <QString>

namespace ades::ui {

// How the settings page names a declared setting and a group of them. Settings are declared by the service
// parts in English (core/SettingSpec.h); the console names the ones an operator looks for in its own,
// translated words and shows any other by its key, so that a new area's settings still appear.
class SettingLabels
{
    Q_DECLARE_TR_FUNCTIONS(SettingLabels)

public:
    // "EVM receiving address" for x402/payto_evm; the part of the key after its group otherwise.
    static QString label(const QString &key);
    // The group a key is shown in: its first segment ("x402"), "upstream/<id>" for upstream sources.
    static QString groupOf(const QString &key);
    // "Payments (x402)" for "x402"; the segment itself for a group the console has no name for.
    static QString groupTitle(const QString &group);
    // Where a group comes in the page: the operator's most used first, other areas' groups after.
    static int groupRank(const QString &group);
};

} // namespace ades::ui
