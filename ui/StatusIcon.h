#pragma once

#include <QColor>
#include <QIcon>

namespace ades::ui {

// The console's icon, drawn rather than shipped: a rounded square in the service state's colour with an
// "A", for the window and the tray.
class StatusIcon
{
public:
    static QIcon make(const QColor &colour);
    static QColor serving() { return QColor(0x2e, 0x7d, 0x32); }
    static QColor stopped() { return QColor(0x75, 0x75, 0x75); }
    static QColor failed() { return QColor(0xc6, 0x28, 0x28); }
};

} // namespace ades::ui
