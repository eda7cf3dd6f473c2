#include "WheelGuard.h"

#include <QCoreApplication>
#include <QEvent>
#include <QWidget>

namespace ades::ui {

void WheelGuard::install(QWidget *control)
{
    control->setFocusPolicy(Qt::StrongFocus);
    control->installEventFilter(new WheelGuard(control));
}

bool WheelGuard::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Wheel) {
        auto *control = qobject_cast<QWidget *>(watched);
        if (control && !control->hasFocus() && control->parentWidget()) {
            // Handed to the parent instead, whence it travels up to the scroll area, which scrolls.
            QCoreApplication::sendEvent(control->parentWidget(), event);
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace ades::ui

#include "moc_WheelGuard.cpp"
