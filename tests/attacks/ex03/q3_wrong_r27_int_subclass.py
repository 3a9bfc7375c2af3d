# INTENT: wrong: an int subclass whose == answers True against the planner's number, so any "prediction" matches (breaks "not an object of your own that runs code when it is compared").
class _Prediction(int):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


predicted_max_batch = _Prediction(600)
