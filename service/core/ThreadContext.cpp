#include "ThreadContext.h"

#include <QObject>
#include <QThreadStorage>

namespace ades {

QObject *threadContext()
{
    // QThreadStorage deletes the object when its thread ends, which turns every QPointer to it null.
    static QThreadStorage<QObject *> contexts;
    if (!contexts.hasLocalData())
        contexts.setLocalData(new QObject);
    return contexts.localData();
}

} // namespace ades
